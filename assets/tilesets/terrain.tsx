<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="84" tileheight="72" tilecount="114" columns="8">
  <image source="terrain.png" width="672" height="1080"/>
  <tile id="0">
    <properties>
      <property name="name" value="clear"/>
      <property name="terrain" value="clear"/>
    </properties>
  </tile>
  <tile id="1">
    <properties>
      <property name="name" value="rough"/>
      <property name="terrain" value="rough"/>
    </properties>
  </tile>
  <tile id="2">
    <properties>
      <property name="name" value="rubble"/>
      <property name="terrain" value="rubble"/>
    </properties>
  </tile>
  <tile id="3">
    <properties>
      <property name="name" value="light_woods"/>
      <property name="terrain" value="light_woods"/>
    </properties>
  </tile>
  <tile id="4">
    <properties>
      <property name="name" value="heavy_woods"/>
      <property name="terrain" value="heavy_woods"/>
    </properties>
  </tile>
  <tile id="5">
    <properties>
      <property name="name" value="water_depth_1"/>
      <property name="terrain" value="water"/>
      <property name="depth" type="int" value="1"/>
    </properties>
  </tile>
  <tile id="6">
    <properties>
      <property name="name" value="water_depth_2"/>
      <property name="terrain" value="water"/>
      <property name="depth" type="int" value="2"/>
    </properties>
  </tile>
  <tile id="7">
    <properties>
      <property name="name" value="water_depth_3"/>
      <property name="terrain" value="water"/>
      <property name="depth" type="int" value="3"/>
    </properties>
  </tile>
  <tile id="8">
    <properties>
      <property name="name" value="paved"/>
      <property name="terrain" value="clear"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="9">
    <properties>
      <property name="name" value="building_1"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="1"/>
    </properties>
  </tile>
  <tile id="10">
    <properties>
      <property name="name" value="building_2"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="2"/>
    </properties>
  </tile>
  <tile id="11">
    <properties>
      <property name="name" value="building_3"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="3"/>
    </properties>
  </tile>
  <tile id="12">
    <properties>
      <property name="name" value="building_4"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="4"/>
    </properties>
  </tile>
  <tile id="13">
    <properties>
      <property name="name" value="level_minus_2"/>
      <property name="level" type="int" value="-2"/>
    </properties>
  </tile>
  <tile id="14">
    <properties>
      <property name="name" value="level_minus_1"/>
      <property name="level" type="int" value="-1"/>
    </properties>
  </tile>
  <tile id="15">
    <properties>
      <property name="name" value="level_0"/>
      <property name="level" type="int" value="0"/>
    </properties>
  </tile>
  <tile id="16">
    <properties>
      <property name="name" value="level_1"/>
      <property name="level" type="int" value="1"/>
    </properties>
  </tile>
  <tile id="17">
    <properties>
      <property name="name" value="level_2"/>
      <property name="level" type="int" value="2"/>
    </properties>
  </tile>
  <tile id="18">
    <properties>
      <property name="name" value="level_3"/>
      <property name="level" type="int" value="3"/>
    </properties>
  </tile>
  <tile id="19">
    <properties>
      <property name="name" value="level_4"/>
      <property name="level" type="int" value="4"/>
    </properties>
  </tile>
  <tile id="20">
    <properties>
      <property name="name" value="level_5"/>
      <property name="level" type="int" value="5"/>
    </properties>
  </tile>
  <tile id="21">
    <properties>
      <property name="name" value="level_6"/>
      <property name="level" type="int" value="6"/>
    </properties>
  </tile>
  <tile id="22">
    <properties>
      <property name="name" value="road_n_ne"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="23">
    <properties>
      <property name="name" value="road_n_se"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="24">
    <properties>
      <property name="name" value="road_n_s"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="25">
    <properties>
      <property name="name" value="road_n_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="26">
    <properties>
      <property name="name" value="road_n_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="27">
    <properties>
      <property name="name" value="road_ne_se"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="28">
    <properties>
      <property name="name" value="road_ne_s"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="29">
    <properties>
      <property name="name" value="road_ne_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="30">
    <properties>
      <property name="name" value="road_ne_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="31">
    <properties>
      <property name="name" value="road_se_s"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="32">
    <properties>
      <property name="name" value="road_se_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="33">
    <properties>
      <property name="name" value="road_se_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="34">
    <properties>
      <property name="name" value="road_s_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="35">
    <properties>
      <property name="name" value="road_s_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="36">
    <properties>
      <property name="name" value="road_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="37">
    <properties>
      <property name="name" value="road_n_ne_se"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="38">
    <properties>
      <property name="name" value="road_n_ne_s"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="39">
    <properties>
      <property name="name" value="road_n_ne_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="40">
    <properties>
      <property name="name" value="road_n_ne_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="41">
    <properties>
      <property name="name" value="road_n_se_s"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="42">
    <properties>
      <property name="name" value="road_n_se_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="43">
    <properties>
      <property name="name" value="road_n_se_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="44">
    <properties>
      <property name="name" value="road_n_s_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="45">
    <properties>
      <property name="name" value="road_n_s_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="46">
    <properties>
      <property name="name" value="road_n_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="47">
    <properties>
      <property name="name" value="road_ne_se_s"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="48">
    <properties>
      <property name="name" value="road_ne_se_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="49">
    <properties>
      <property name="name" value="road_ne_se_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="50">
    <properties>
      <property name="name" value="road_ne_s_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="51">
    <properties>
      <property name="name" value="road_ne_s_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="52">
    <properties>
      <property name="name" value="road_ne_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="53">
    <properties>
      <property name="name" value="road_se_s_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="54">
    <properties>
      <property name="name" value="road_se_s_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="55">
    <properties>
      <property name="name" value="road_se_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="56">
    <properties>
      <property name="name" value="road_s_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="57">
    <properties>
      <property name="name" value="road_n_ne_s_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="58">
    <properties>
      <property name="name" value="road_n_se_s_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="59">
    <properties>
      <property name="name" value="road_ne_se_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="60">
    <properties>
      <property name="name" value="road_hub"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="61">
    <properties>
      <property name="name" value="road_end_n"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="62">
    <properties>
      <property name="name" value="road_end_ne"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="63">
    <properties>
      <property name="name" value="road_end_se"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="64">
    <properties>
      <property name="name" value="road_end_s"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="65">
    <properties>
      <property name="name" value="road_end_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="66">
    <properties>
      <property name="name" value="road_end_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="67">
    <properties>
      <property name="name" value="road_n_ne_se_s"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="68">
    <properties>
      <property name="name" value="road_n_ne_se_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="69">
    <properties>
      <property name="name" value="road_n_ne_se_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="70">
    <properties>
      <property name="name" value="road_n_ne_s_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="71">
    <properties>
      <property name="name" value="road_n_ne_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="72">
    <properties>
      <property name="name" value="road_n_se_s_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="73">
    <properties>
      <property name="name" value="road_n_se_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="74">
    <properties>
      <property name="name" value="road_n_s_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="75">
    <properties>
      <property name="name" value="road_ne_se_s_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="76">
    <properties>
      <property name="name" value="road_ne_se_s_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="77">
    <properties>
      <property name="name" value="road_ne_s_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="78">
    <properties>
      <property name="name" value="road_se_s_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="79">
    <properties>
      <property name="name" value="road_n_ne_se_s_sw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="80">
    <properties>
      <property name="name" value="road_n_ne_se_s_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="81">
    <properties>
      <property name="name" value="road_n_ne_se_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="82">
    <properties>
      <property name="name" value="road_n_ne_s_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="83">
    <properties>
      <property name="name" value="road_n_se_s_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="84">
    <properties>
      <property name="name" value="road_ne_se_s_sw_nw"/>
      <property name="road" type="bool" value="true"/>
      <property name="paved" type="bool" value="true"/>
    </properties>
  </tile>
  <tile id="85">
    <properties>
      <property name="name" value="level_7"/>
      <property name="level" type="int" value="7"/>
    </properties>
  </tile>
  <tile id="86">
    <properties>
      <property name="name" value="level_8"/>
      <property name="level" type="int" value="8"/>
    </properties>
  </tile>
  <tile id="87">
    <properties>
      <property name="name" value="level_9"/>
      <property name="level" type="int" value="9"/>
    </properties>
  </tile>
  <tile id="88">
    <properties>
      <property name="name" value="level_10"/>
      <property name="level" type="int" value="10"/>
    </properties>
  </tile>
  <tile id="89">
    <properties>
      <property name="name" value="level_minus_3"/>
      <property name="level" type="int" value="-3"/>
    </properties>
  </tile>
  <tile id="90">
    <properties>
      <property name="name" value="level_minus_4"/>
      <property name="level" type="int" value="-4"/>
    </properties>
  </tile>
  <tile id="91">
    <properties>
      <property name="name" value="water_depth_4"/>
      <property name="terrain" value="water"/>
      <property name="depth" type="int" value="4"/>
    </properties>
  </tile>
  <tile id="92">
    <properties>
      <property name="name" value="water_depth_5"/>
      <property name="terrain" value="water"/>
      <property name="depth" type="int" value="5"/>
    </properties>
  </tile>
  <tile id="93">
    <properties>
      <property name="name" value="water_depth_6"/>
      <property name="terrain" value="water"/>
      <property name="depth" type="int" value="6"/>
    </properties>
  </tile>
  <tile id="94">
    <properties>
      <property name="name" value="building_5"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="5"/>
    </properties>
  </tile>
  <tile id="95">
    <properties>
      <property name="name" value="building_6"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="6"/>
    </properties>
  </tile>
  <tile id="96">
    <properties>
      <property name="name" value="building_7"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="7"/>
    </properties>
  </tile>
  <tile id="97">
    <properties>
      <property name="name" value="building_8"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="8"/>
    </properties>
  </tile>
  <tile id="98">
    <properties>
      <property name="name" value="building_light_1"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="1"/>
      <property name="building_class" value="light"/>
    </properties>
  </tile>
  <tile id="99">
    <properties>
      <property name="name" value="building_light_2"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="2"/>
      <property name="building_class" value="light"/>
    </properties>
  </tile>
  <tile id="100">
    <properties>
      <property name="name" value="building_light_3"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="3"/>
      <property name="building_class" value="light"/>
    </properties>
  </tile>
  <tile id="101">
    <properties>
      <property name="name" value="building_light_4"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="4"/>
      <property name="building_class" value="light"/>
    </properties>
  </tile>
  <tile id="102">
    <properties>
      <property name="name" value="building_medium_1"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="1"/>
      <property name="building_class" value="medium"/>
    </properties>
  </tile>
  <tile id="103">
    <properties>
      <property name="name" value="building_medium_2"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="2"/>
      <property name="building_class" value="medium"/>
    </properties>
  </tile>
  <tile id="104">
    <properties>
      <property name="name" value="building_medium_3"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="3"/>
      <property name="building_class" value="medium"/>
    </properties>
  </tile>
  <tile id="105">
    <properties>
      <property name="name" value="building_medium_4"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="4"/>
      <property name="building_class" value="medium"/>
    </properties>
  </tile>
  <tile id="106">
    <properties>
      <property name="name" value="building_heavy_1"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="1"/>
      <property name="building_class" value="heavy"/>
    </properties>
  </tile>
  <tile id="107">
    <properties>
      <property name="name" value="building_heavy_2"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="2"/>
      <property name="building_class" value="heavy"/>
    </properties>
  </tile>
  <tile id="108">
    <properties>
      <property name="name" value="building_heavy_3"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="3"/>
      <property name="building_class" value="heavy"/>
    </properties>
  </tile>
  <tile id="109">
    <properties>
      <property name="name" value="building_heavy_4"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="4"/>
      <property name="building_class" value="heavy"/>
    </properties>
  </tile>
  <tile id="110">
    <properties>
      <property name="name" value="building_hardened_1"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="1"/>
      <property name="building_class" value="hardened"/>
    </properties>
  </tile>
  <tile id="111">
    <properties>
      <property name="name" value="building_hardened_2"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="2"/>
      <property name="building_class" value="hardened"/>
    </properties>
  </tile>
  <tile id="112">
    <properties>
      <property name="name" value="building_hardened_3"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="3"/>
      <property name="building_class" value="hardened"/>
    </properties>
  </tile>
  <tile id="113">
    <properties>
      <property name="name" value="building_hardened_4"/>
      <property name="terrain" value="building"/>
      <property name="building" type="int" value="4"/>
      <property name="building_class" value="hardened"/>
    </properties>
  </tile>
</tileset>
